// Path matching for the route table: exact paths through a Map, `{param}` templates through a
// compiled pattern. Templates use OpenAPI syntax so the same string documents the route.

export interface PathMatch<T> {
  entries: T[];
  params: Record<string, string>;
}

interface Pattern<T> {
  regex: RegExp;
  names: string[];
  entries: T[];
}

/** The parameters of every exact path: none, shared, and frozen so that no caller can add to them. */
const NO_PARAMS: Record<string, string> = Object.freeze({});

export class Router<T> {
  /** Exact paths, each with its match made once: finding one allocates nothing. */
  readonly #exact = new Map<string, PathMatch<T>>();
  readonly #patterns = new Map<string, Pattern<T>>();

  add(template: string, entry: T): void {
    if (!template.includes('{')) {
      const found = this.#exact.get(template);
      if (found) found.entries.push(entry);
      else this.#exact.set(template, { entries: [entry], params: NO_PARAMS });
      return;
    }
    const existing = this.#patterns.get(template);
    if (existing) {
      existing.entries.push(entry);
      return;
    }
    const names: string[] = [];
    const source = template
      .split(/(\{[a-zA-Z_]+\})/)
      .map((part) => {
        const name = /^\{([a-zA-Z_]+)\}$/.exec(part)?.[1];
        if (name) {
          names.push(name);
          return '([^/]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    this.#patterns.set(template, { regex: new RegExp(`^${source}$`), names, entries: [entry] });
  }

  match(path: string): PathMatch<T> | undefined {
    const exact = this.#exact.get(path);
    if (exact) return exact;
    for (const pattern of this.#patterns.values()) {
      const found = pattern.regex.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      pattern.names.forEach((name, index) => {
        params[name] = decodedSegment(found[index + 1] ?? '');
      });
      return { entries: pattern.entries, params };
    }
    return undefined;
  }
}

/** A path segment percent-decoded; one with a malformed escape as sent, for its schema to refuse. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
