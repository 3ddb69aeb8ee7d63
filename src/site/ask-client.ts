// The Ask page's script: posts the question with prefer.streaming and renders the server-sent
// events as they arrive (sources first, then the answer). Built with textContent, except snippets,
// which the server escapes and marks up itself.
import { linkedResultItem } from './result-item.ts';

interface StreamedSource {
  type: string;
  title: string;
  url: string;
  snippet: string;
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

export function enhanceAskForm(doc: Document): void {
  const form = doc.getElementById('ask-form') as HTMLFormElement | null;
  const input = doc.getElementById('ask-q') as HTMLInputElement | null;
  const status = doc.getElementById('ask-status');
  const results = doc.getElementById('ask-results');
  if (!form || !input || !status || !results) return;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const q = input.value.trim();
    history.replaceState(null, '', `/ask?q=${encodeURIComponent(q)}`);
    status.textContent = 'Searching…';
    const answer = doc.createElement('blockquote');
    answer.className = 'definition';
    const list = doc.createElement('ol');
    list.className = 'cards';
    results.replaceChildren();
    try {
      const response = await fetch('/ask', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ q, prefer: { streaming: true } }),
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
        status.textContent = body.error?.message ?? `The question could not be answered (HTTP ${response.status}).`;
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseEvents(buffer + value);
        buffer = parsed.rest;
        for (const { event: name, data } of parsed.events) {
          const payload = JSON.parse(data);
          if (name === 'meta')
            status.textContent = payload.total === 0 ? 'Nothing matches.' : `${payload.total} matches.`;
          if (name === 'source') {
            const source = payload as StreamedSource;
            const snippet = doc.createElement('p');
            snippet.innerHTML = source.snippet;
            list.append(linkedResultItem(doc, source.url, source.title, snippet));
            if (!list.isConnected) results.append(answer, list);
          }
          if (name === 'answer') answer.textContent = (answer.textContent ?? '') + payload.delta;
          if (name === 'error') status.textContent = payload.message;
        }
      }
    } catch {
      status.textContent = 'The question could not reach the server. Check your connection and try again.';
    }
  });
}
