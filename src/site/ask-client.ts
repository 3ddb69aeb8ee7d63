// The Ask page's script: posts the question with prefer.streaming and renders the server-sent
// events as they arrive, in the structure and with the labels of the page rendered without
// JavaScript (src/core/ask/ask-page.ts). Everything goes in as text, never as HTML.
import type { AskSource } from '../core/ask/ask-index.ts';
import { ASK_LABELS, askTitle, highlightedRuns, reasonAfterLeadIn } from '../core/ask/ask-page.ts';
import { linkedResultItem } from './result-item.ts';

interface AnswerDelta {
  delta: string;
  source: { url: string; title: string };
}

/** Minimal SSE framing: events are separated by a blank line; we read `event:` and `data:`. */
export function parseEvents(buffer: string): { events: Array<{ event: string; data: string }>; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    return data.length > 0 ? [{ event, data: data.join('\n') }] : [];
  });
  return { events, rest };
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  text = '',
  className = '',
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** The results as they stream in: the answer (or why there is none), then the sources. */
class StreamedResults {
  readonly #doc: Document;
  readonly #results: HTMLElement;
  readonly #sourcesHeading: HTMLHeadingElement;
  readonly #from: HTMLParagraphElement;
  readonly #list: HTMLOListElement;
  #quote: HTMLQuoteElement | undefined;
  #quotedUrl = '';

  constructor(doc: Document, results: HTMLElement, noAnswerReason: string | null) {
    this.#doc = doc;
    this.#results = results;
    this.#sourcesHeading = element(doc, 'h2', ASK_LABELS.sources);
    this.#from = element(doc, 'p', `${ASK_LABELS.from} `, 'meta');
    this.#list = element(doc, 'ol', '', 'cards');
    const answer: Node[] = [element(doc, 'h2', ASK_LABELS.answer)];
    if (noAnswerReason !== null) {
      const note = element(doc, 'p', ` ${reasonAfterLeadIn(noAnswerReason)}`, 'no-answer');
      note.prepend(element(doc, 'strong', `${ASK_LABELS.noAnswer}.`));
      answer.push(note);
    }
    results.replaceChildren(...answer, this.#sourcesHeading, this.#list);
  }

  addSource(source: AskSource): void {
    const snippet = element(this.#doc, 'p');
    snippet.append(
      ...highlightedRuns(source).map((run) =>
        run.marked ? element(this.#doc, 'mark', run.text) : this.#doc.createTextNode(run.text),
      ),
    );
    const type = element(this.#doc, 'p', source.type === 'glossary' ? ASK_LABELS.glossary : ASK_LABELS.essay, 'meta');
    this.#list.append(linkedResultItem(this.#doc, source.url, source.title, type, snippet));
  }

  /** Each passage of the answer gets its own quotation, and its link in the "From" line. */
  addAnswer({ delta, source }: AnswerDelta): void {
    if (!this.#quote || source.url !== this.#quotedUrl) {
      this.#quote = element(this.#doc, 'blockquote', '', 'definition');
      this.#quotedUrl = source.url;
      const link = element(this.#doc, 'a', source.title);
      link.href = source.url;
      if (this.#from.isConnected) this.#from.append(' and ');
      this.#from.append(link);
      this.#results.insertBefore(this.#quote, this.#from.isConnected ? this.#from : this.#sourcesHeading);
      this.#results.insertBefore(this.#from, this.#sourcesHeading);
    }
    const text = this.#quote.textContent ?? '';
    this.#quote.textContent = text + (text ? delta : delta.trimStart());
  }
}

/** The meta event: how many sources match, why there is no answer, and the corrected question if any. */
interface AskMeta {
  total: number;
  no_answer_reason: string | null;
  searched_for?: string;
}

/** What one question's events do to the page: the status line and the results as they arrive. */
class AskRendering {
  readonly #doc: Document;
  readonly #status: HTMLElement;
  readonly #results: HTMLElement;
  #shown: StreamedResults | undefined;

  constructor(doc: Document, status: HTMLElement, results: HTMLElement) {
    this.#doc = doc;
    this.#status = status;
    this.#results = results;
  }

  set status(text: string) {
    this.#status.textContent = text;
  }

  apply(name: string, payload: unknown): void {
    if (name === 'meta') this.#meta(payload as AskMeta);
    else if (name === 'source') this.#shown?.addSource(payload as AskSource);
    else if (name === 'answer') this.#shown?.addAnswer(payload as AnswerDelta);
    else if (name === 'error') this.status = (payload as { message: string }).message;
  }

  #meta(meta: AskMeta): void {
    this.status = meta.total === 0 ? 'Nothing matches.' : `${meta.total} matches.`;
    if (meta.total > 0) this.#shown = new StreamedResults(this.#doc, this.#results, meta.no_answer_reason);
    if (meta.searched_for) this.#results.prepend(searchedForLine(this.#doc, meta.searched_for));
  }
}

/** "Showing results for <em>…</em>", as the page rendered without JavaScript words it. */
function searchedForLine(doc: Document, searchedFor: string): HTMLParagraphElement {
  const line = element(doc, 'p', `${ASK_LABELS.searchedFor} `, 'searched-for');
  line.append(element(doc, 'em', searchedFor));
  return line;
}

/** Reads the event stream to its end, handing each event to `onEvent`. */
async function readEvents(body: NonNullable<Response['body']>, onEvent: (name: string, payload: unknown) => void) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const parsed = parseEvents(buffer + value);
    buffer = parsed.rest;
    for (const { event, data } of parsed.events) onEvent(event, JSON.parse(data));
  }
}

async function ask(q: string, rendering: AskRendering): Promise<void> {
  const response = await fetch('/ask', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ q, prefer: { streaming: true } }),
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
    rendering.status = body.error?.message ?? `The question could not be answered (HTTP ${response.status}).`;
    return;
  }
  await readEvents(response.body, (name, payload) => rendering.apply(name, payload));
}

export function enhanceAskForm(doc: Document): void {
  const form = doc.getElementById('ask-form') as HTMLFormElement | null;
  const input = doc.getElementById('ask-q') as HTMLInputElement | null;
  const status = doc.getElementById('ask-status');
  const results = doc.getElementById('ask-results');
  if (!form || !input || !status || !results) return;

  // Each question is an entry in the history, so Back returns to the one before (as Papers does).
  const show = async (q: string) => {
    doc.title = askTitle(q);
    input.value = q;
    const rendering = new AskRendering(doc, status, results);
    results.replaceChildren();
    if (q.length < 2) {
      rendering.status = '';
      return;
    }
    rendering.status = 'Searching…';
    try {
      await ask(q, rendering);
    } catch {
      rendering.status = 'The question could not reach the server. Check your connection and try again.';
    }
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const q = input.value.trim();
    history.pushState(null, '', `/ask?q=${encodeURIComponent(q)}`);
    show(q).catch(() => undefined);
  });
  window.addEventListener('popstate', () =>
    show(new URLSearchParams(location.search).get('q')?.trim() ?? '').catch(() => undefined),
  );
}
