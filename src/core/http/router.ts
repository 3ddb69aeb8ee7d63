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

export class Router<T> {
  readonly #exact = new Map<string, T[]>();
  readonly #patterns = new Map<string, Pattern<T>>();

  add(template: string, entry: T): void {
    if (!template.includes('{')) {
      const list = this.#exact.get(template) ?? [];
      list.push(entry);
      this.#exact.set(template, list);
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
    if (exact) return { entries: exact, params: {} };
    for (const pattern of this.#patterns.values()) {
      const found = pattern.regex.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      pattern.names.forEach((name, index) => {
        params[name] = decodeURIComponent(found[index + 1] ?? '');
      });
      return { entries: pattern.entries, params };
    }
    return undefined;
  }
}
