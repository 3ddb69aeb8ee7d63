// What a question asks about that the content never names: words it never uses, a subject of
// several words no term is called and no passage says, a name (a product, a person) the word
// vectors lack, a compound ("Q-learning") it never writes. Such a question is declined however well
// its other words match (ask-index.ts), so each rule here also says what is not a name: a
// description ("a coin that holds its price"), a clause ("what is eating the memory"), a figure.
import type { AskDocumentType, AskPassage } from './ask-documents.ts';
import { askedName, namedOnlyAsItsEnd } from './asked-subjects.ts';
import type { PassageRanking } from './passage-ranking.ts';
import type { Plan, QueryPlanner } from './query-plan.ts';
import {
  anyCase,
  askedSentence,
  COMPOUND_NAME,
  HESITATION,
  isAcronymName,
  isCoinedName,
  NUMBERED_NAME,
  nameWords,
  PARTICIPLE_CLAUSE,
  pointedCircumstances,
  PREPOSITION,
  SENTENCE_END,
  sentenceNames,
  writtenForms,
} from './name-shapes.ts';
import { parseQuestion, pointsBack, withoutChat, type Question } from './question.ts';
import type { WordVectors } from './semantic.ts';
import { otherFirstWord, unknownMeasure, unknownOneWordSubject } from './unused-words.ts';
import { derivedWords, escapePattern, indexTerm, joinedCompounds, rawWords, terms, words } from './text.ts';
import {
  figurelessNames,
  figurelessReleases,
  numberedLookup,
  unwrittenNumbers,
  type NumberedLookup,
} from './versioned-names.ts';

/** Words that stress a question, not name anything ("what does pass@1 even mean"): set aside. */
const INTENSIFIERS = /\b(?:even|really|actually|exactly|basically|just)\b\s*/gi;
/** The documents a term's own page is among. */
const GLOSSARY: ReadonlySet<AskDocumentType> = new Set(['glossary']);
/** What may follow a name where a sentence says what it is or does: a verb, or an apposition ("Lido, launched in …"). */
const SAYS_WHAT = String.raw`(?:\s*\([^)]*\))?(?:\s+\p{Ll}|,\s+(?:which|who|whose|a|an|the|one|\p{Ll}+ed)\b)`;
/**
 * Where a clause starts (", and Adam Back's Hashcash used …"), or a verb makes what follows its
 * complement ("became Stable Diffusion"); then "the" or an owner's name may come before the name.
 */
const CLAUSE_START = String.raw`(?:^|[.!?:;]\s+|—\s*|,\s+(?:and|but)\s+|\b(?:is|was|became|called|named)\s+)(?:[Tt]he\s+|(?:\p{Lu}\p{L}*\s+)?\p{Lu}\p{L}*['’]s\s+)?`;

/** Words in quotes, single or double, straight or curly ("what is the 'lethal trifecta'"). */
const QUOTED = /(?:^|[^\p{L}\p{N}])['‘"“]([^'‘’"“”]+)['’"”](?![\p{L}\p{N}])/gu;

export class UnknownTerms {
  readonly #postings: ReadonlyMap<string, readonly number[]>;
  readonly #planner: QueryPlanner;
  readonly #ranking: Pick<PassageRanking, 'phraseText' | 'defined' | 'passagesBeside' | 'speaksTo'>;
  readonly #vectors: WordVectors | undefined;
  readonly #everyday: ReadonlySet<string>;
  readonly #passages: readonly Pick<AskPassage, 'names' | 'text' | 'sentences'>[];
  readonly #numbered: NumberedLookup;

  constructor(
    postings: ReadonlyMap<string, readonly number[]>,
    planner: QueryPlanner,
    ranking: Pick<PassageRanking, 'phraseText' | 'defined' | 'passagesBeside' | 'speaksTo'>,
    vectors: WordVectors | undefined,
    everyday: ReadonlySet<string>,
    passages: readonly Pick<AskPassage, 'names' | 'text' | 'sentences'>[],
  ) {
    this.#passages = passages;
    this.#postings = postings;
    this.#planner = planner;
    this.#ranking = ranking;
    this.#vectors = vectors;
    this.#everyday = everyday;
    this.#numbered = numberedLookup({
      postings,
      namesTerm: planner.namesTerm,
      // Without word vectors nothing tells a name from an everyday word: no version is read then.
      general: (word) => vectors?.general(word) !== false,
      phraseText: (passage) => ranking.phraseText(passage),
      passages,
    });
  }

  /** What the question asks about that the content never names: words, a subject, or a name (see each). */
  of(plan: Plan, question: Question, situation?: string): string[] {
    const pointedAt = this.#pointedAt(question);
    return [
      ...new Set([
        ...this.#unknownWords(plan),
        ...this.#unknownSubject(question, plan.whole !== undefined),
        ...(pointedAt ? this.#unknownSubject(pointedAt, plan.whole !== undefined) : []),
        ...this.#unknownNames(question),
        ...this.#unknownCompounds(question),
        ...this.#unknownProperPhrases(question),
        // Numbered names and versions the content never writes (versioned-names.ts).
        ...unwrittenNumbers(question.content, this.#numbered),
        ...this.#unknownKinds(question),
        ...this.#unknownToldNames(question, situation),
        ...unknownMeasure(question, this.#postings),
        ...unknownOneWordSubject(plan, question, this.#askedSubject(question)?.head, this.#postings, (word) =>
          this.#vectors?.general(word),
        ),
      ]),
    ];
  }

  /**
   * Names written with a capital ("GraphRAG", "RISC Zero") that the content never writes, in the
   * circumstances a long question's question part points back at (`situation`: the question read
   * whole, Plan.whole): what they name is what is asked, however well the rest matches. Lowercase
   * words there stay the asker's story ("a proof-of-work altcoin … Why would they demand so many?"
   * is answerable). ask-dev8 and ask-dev9 one unanswerable question more declined each, no
   * answerable question of any set declined, probes and wrapper families as before.
   */
  #unknownToldNames(question: Question, situation: string | undefined): string[] {
    const content = pointedCircumstances(question.content, situation);
    if (!content) return [];
    const told = { ...question, content };
    return [...this.#unknownNames(told), ...this.#unknownProperPhrases(told)].filter((name) => /\p{Lu}/u.test(name));
  }

  /**
   * The subject a question asks about, chat and intensifiers set aside (`asked`), and the same
   * without possessives (`head`: "the verifier's dilemma" is "the verifier dilemma").
   */
  #askedSubject(question: Question): { asked: string; head: string } | undefined {
    if (!question.subject) return undefined;
    const asked = withoutChat(question.subject.head, this.#planner.namesTerm).replace(INTENSIFIERS, '').trim();
    return { asked, head: asked.replace(/['’]s\b/g, '') };
  }

  /** The posting list of a text's rarest term, which the fewest passages use. */
  #rarestPosting(text: string): readonly number[] | undefined {
    return terms(text)
      .map((term) => this.#postings.get(term) ?? [])
      .sort((a, b) => a.length - b.length)[0];
  }

  /**
   * A subject of several words ("solana's proof of history") that no glossary term is named and no
   * passage says: the content does not cover it, whatever its single words match. `situated`: the
   * question part of a long question, after its circumstances (Plan.whole).
   */
  #unknownSubject(question: Question, situated: boolean): string[] {
    const { asked, head } = this.#askedSubject(question) ?? {};
    const written = head ? nameWords(head) : [];
    if (!asked || !head || written.length < 2 || this.#namesKnownTerm(written)) return [];
    // Read without possessives: "each unit's output" is everyday words as "each unit output" is.
    if (this.#askersFrame(question, written, situated) && this.#askersWording(head)) return [];
    // The content writes a possessive as the asker may ("the verifier's dilemma") or not.
    if (this.saysAny(head, [written, words(asked)]) || this.#saysModified(written)) return [];
    // Words the asker quotes are the name, the rest what they say of it ("the 'lethal trifecta'
    // people mention"): ask-dev4 and ask-dev6 declined one fewer each, every unanswerable one as before.
    const quoted = [...asked.matchAll(QUOTED)].map((match) => match[1]!);
    return quoted.some((quote) => this.saysAny(quote, [words(quote)])) ? [] : [head];
  }

  /**
   * Whether a subject in everyday words would be the asker's wording rather than a name: after
   * circumstances ("…. What's the sensible precaution?"), what they want of them (ask-dev5 and
   * ask-dev7 declined one situation fewer each); before a description ("the proper name for that
   * list of backup words …"), their frame for what it asks about (ask-dev8 one fewer declined), unless
   * it is a kind of a term the content never names ("a dark pool that …"). Every unanswerable
   * question and probe declined as before. A participle's clause after it ("the simple bendy function
   * applied to each unit's output") describes as a relative clause does: ask-dev11 declined 11.5 →
   * 11.0 %, key fact 58.0 → 58.5 %; nothing else moved.
   */
  #askersFrame(question: Question, written: readonly string[], situated: boolean): boolean {
    if (situated) return true;
    const full = nameWords(question.subject?.full ?? '');
    return (full.length === 0 || PARTICIPLE_CLAUSE.test(full.join(' '))) && !this.#unnamedKind(written);
  }

  /**
   * The subject of a question's first clause when the clauses after it point back at it ("how does
   * the digital euro work, is it on a blockchain"): the question as a whole reads as having none.
   */
  #pointedAt(question: Question): Question | undefined {
    const [first = '', ...rest] = question.content.split(/,\s+/);
    return !question.subject && rest.length > 0 && pointsBack(rest.join(', ')) ? parseQuestion(first) : undefined;
  }

  /**
   * Whether a subject's noun phrase before a preposition is words the content says after everyday
   * words that qualify them: "the basic agent loop around a model" (ask-dev10 declined −1). With no
   * preposition they narrow the term to a kind the content may not name ("a sovereign zk rollup").
   */
  #saysModified(written: readonly string[]): boolean {
    const preposition = written.findIndex((word) => PREPOSITION.test(word));
    const phrase = preposition < 0 ? [] : written.slice(0, preposition);
    for (let from = 1; from <= phrase.length - 2 && this.#everydayWord(phrase[from - 1]!); from += 1)
      if (this.saysAny(phrase.slice(from).join(' '), [phrase.slice(from)])) return true;
    return false;
  }

  /**
   * Whether a subject is all lowercase words of everyday English (#everydayWord) or of the content
   * ("the 'total deposited' dollar figure crypto trackers quote"): a description, not a name.
   */
  #askersWording(asked: string): boolean {
    const contentWord = (word: string) => /^\p{Ll}+$/u.test(word) && this.#postings.has(indexTerm(word) ?? '');
    return (
      this.#vectors !== undefined && rawWords(asked).every((word) => this.#everydayWord(word) || contentWord(word))
    );
  }

  /**
   * Whether a word is everyday English written in lowercase: the word vectors' general words
   * (semantic.ts), SCOWL's (index-build.ts), or one made from either by an everyday suffix or prefix
   * ("bendy", "splitter": neither list has them), which names nothing the asker could have seen.
   * With a subject's lowercase words the content uses (#askersWording): ask-dev11 declined 12.5 →
   * 11.5 %, key fact 57.5 → 58.0 %; no other set, wrapper family or probe moved.
   */
  #everydayWord(word: string): boolean {
    const listed = (form: string) => this.#vectors?.general(form) === true || this.#everyday.has(indexTerm(form) ?? '');
    // A plural's singular too: "trackers" is made from "track".
    const forms = [...new Set([word, word.replace(/(?<=\p{L}{3})s$/u, '')])];
    return /^\p{Ll}+$/u.test(word) && forms.some((form) => listed(form) || derivedWords(form).some(listed));
  }

  /** Whether a passage that uses a text's rarest term says one of some phrases (words in order). */
  saysAny(text: string, phrases: readonly (readonly string[])[]): boolean {
    const rarest = this.#rarestPosting(text);
    const said = [...new Set(phrases.filter((phrase) => phrase.length > 0).map((phrase) => ` ${phrase.join(' ')} `))];
    for (let at = 0; rarest && said.length > 0 && at < rarest.length; at += 2) {
      const passageText = this.#ranking.phraseText(rarest[at]!);
      if (said.some((phrase) => passageText.includes(phrase))) return true;
    }
    return false;
  }

  /**
   * A proper name asked about ("what is Llama", "how do I apply for a Gitcoin grant") that the
   * content only mentions in passing: one of a list ("such as Llama, Mistral, Qwen"), an object ("the
   * constitution used for Claude"), a modifier ("Llama 3"). Nowhere is it a heading or term, the
   * subject of a clause ("Lido, launched in 2020, pooled deposits"), or said to be something ("became
   * Stable Diffusion"); of a name's end asked why, the content only labels it (asked-subjects.ts). A
   * name the content never uses is for the other rules (`of`).
   */
  namedInPassing(question: Question): string[] {
    const asked = askedName(question.text, this.#askedSubject(question)?.head);
    if (!asked || this.#planner.namesTerm(asked.written.join(' '))) return [];
    const rarest = this.#rarestPosting(asked.name) ?? [];
    if (asked.ended) {
      const texts = rarest.filter((_, at) => at % 2 === 0).map((passage) => this.#passages[passage]!.text);
      return namedOnlyAsItsEnd(asked.name, texts) ? [asked.name] : [];
    }
    return rarest.length > 0 && !this.#describedIn(asked.written, rarest) ? [asked.name] : [];
  }

  /** Whether a passage heads a name or says what it is ("Lido, launched …", "IRON, a …"); no flag i, for \p{Ll}. */
  #describedIn(written: readonly string[], posting: readonly number[]): boolean {
    const name = written.map(anyCase).join('\\s+');
    const described = new RegExp(
      `${CLAUSE_START}${name}${SAYS_WHAT}|(?<![\\p{L}\\p{N}])${name},\\s+an?\\s+\\p{Ll}`,
      'u',
    );
    const titled = new RegExp(`(?:^|\\W)${name}(?:\\W|$)`, 'u');
    for (let at = 0; at < posting.length; at += 2) {
      const passage = this.#passages[posting[at]!]!;
      if (passage.names.some((title) => titled.test(title)) || described.test(passage.text)) return true;
    }
    return false;
  }

  /**
   * Whether a subject is a name the glossary knows with words around it that the content uses: "a
   * crypto wallet seed phrase" is a seed phrase, "validators paid" asks about validators; in
   * "solana's proof of history" no words name a term, so it is something the content does not cover.
   */
  #namesKnownTerm(written: readonly string[]): boolean {
    if (this.#unnamedKind(written)) return false;
    for (let from = 0; from < written.length; from += 1)
      for (let to = written.length; to > from; to -= 1) {
        if (!this.#planner.namesTerm(written.slice(from, to).join(' '))) continue;
        const around = [...written.slice(0, from), ...written.slice(to)];
        if (terms(around.join(' ')).every((term) => this.#postings.has(term))) return true;
      }
    return false;
  }

  /**
   * Whether a subject is a kind of a term the content never names: its last words name a term
   * ("pool", a liquidity pool's other name), and the word before them is neither used by the term's
   * own page ("a crypto wallet seed phrase": a seed phrase is what a wallet derives its keys from)
   * nor written before them anywhere in the content ("hardware wallet", "soft fork" are). "A dark
   * pool", "a liquidity bootstrapping pool", "a mining pool" are other pools than the one the
   * content explains, whatever their single words match, a word that names a term ("mining")
   * included.
   */
  #unnamedKind(written: readonly string[]): boolean {
    const named = (from: number, to: number) => this.#planner.namesTerm(written.slice(from, to).join(' '));
    const last = written.length;
    // The longest last words that name a term; none, or the whole subject ("impermanant loss"), is no kind of one.
    let head = 0;
    while (head < last && !named(head, last)) head += 1;
    if (head === 0 || head === last) return false;
    const [modifier, kind] = [written[head - 1]!, written.slice(head).join(' ')];
    if (this.#definedAs(written.slice(0, head).join(' '), kind)) return false;
    return !this.#termPageUses(kind, modifier) && !this.#writtenBefore(modifier, written[head]!);
  }

  /**
   * Whether the words before a kind name a term whose definition calls it one ("self-consistency
   * prompting": "a prompting technique …"; ask-dev10 declined −1), not "a mining pool".
   */
  #definedAs(name: string, kind: string): boolean {
    const definition = this.#planner.namesTerm(name) ? this.#ranking.defined(name, GLOSSARY)?.passage : undefined;
    return definition !== undefined && terms(kind).every((term) => this.#ranking.speaksTo(term, definition));
  }

  /** Whether the page of the glossary term a name names uses a word in some form. */
  #termPageUses(name: string, word: string): boolean {
    const term = indexTerm(word);
    const definition = this.#ranking.defined(name, GLOSSARY)?.passage;
    if (term === null || definition === undefined) return false;
    return this.#ranking.passagesBeside(definition).some((passage) => this.#ranking.speaksTo(term, passage));
  }

  /**
   * Whether the content writes one word right before another, either in the singular or plural
   * ("liquidity pools"): the passages of the rarer are searched as written, since stemming each
   * would cost a search over many passages.
   */
  #writtenBefore(first: string, second: string): boolean {
    const [before, after] = [indexTerm(first), indexTerm(second)];
    if (!before || !after) return true;
    const forms = (word: string) =>
      [...new Set([word, word.replace(/e?s$/, ''), `${word}s`, `${word}es`])].map(escapePattern);
    const pair = new RegExp(` (?:${forms(first).join('|')}) (?:${forms(second).join('|')}) `);
    const [rarer] = [this.#postings.get(before) ?? [], this.#postings.get(after) ?? []].sort(
      (a, b) => a.length - b.length,
    );
    for (let at = 0; rarer && at < rarer.length; at += 2)
      if (pair.test(this.#ranking.phraseText(rarer[at]!))) return true;
    return false;
  }

  /**
   * Words of the question part that the content never uses in any form and the word vectors lack
   * (they hold everyday English and the content's words), nor SCOWL's everyday English when written
   * in lowercase ("tweaking", "eyeballing"; index-build.ts): names of things the content never covers,
   * a product or a person ("how do I set up a metamask wallet"). However few of the question's words
   * they are, they are what it asks about; and meaning cannot vouch for an answer, since the
   * question's vector is that of the question without them ("set up a wallet"). Typos are corrected
   * before this (speller.ts).
   */
  #unknownNames(question: Question): string[] {
    const vectors = this.#vectors;
    if (!vectors) return [];
    const known = (word: string) => {
      const term = indexTerm(word);
      const everyday = term !== null && /^\p{Ll}+$/u.test(word) && this.#everyday.has(term);
      if (term === null || this.#postings.has(term)) return true;
      return !isAcronymName(word) && !isCoinedName(word) && (everyday || vectors.has(word));
    };
    // "outvote", "unstick", "wordy": a known word with an everyday prefix or suffix is no name.
    return rawWords(withoutChat(askedSentence(question.content), this.#planner.namesTerm)).filter(
      (word) =>
        (/^\p{L}+$/u.test(word) || NUMBERED_NAME.test(word)) &&
        !HESITATION.test(word.toLowerCase()) &&
        !known(word) &&
        !derivedWords(word).some(known),
    );
  }

  /**
   * "Q-learning", "k-means", "MMLU-Pro": their parts are everywhere, so the compound (indexed joined,
   * or a term's name) decides. A compound of capitalised parts is a name ("ARC-AGI"); one with a
   * lowercase part ("GPT-style", "LLM-based") says what kind of thing, and stays to the other rules.
   */
  #unknownCompounds(question: Question): string[] {
    const compounds = question.content.match(COMPOUND_NAME) ?? [];
    return compounds.filter((compound) => !this.#writesCompound(compound));
  }

  /**
   * A name of several capitalised words ("RISC Zero", "Poly Network") that the content never writes
   * as a phrase, though it may use each word ("RISC-V", "zero"): the name is of something else. The
   * first word of a sentence is capitalised whatever it is, and so is "I" ("… fit. If I squash …");
   * a name of acronyms only ("AI API") is words that each say what they say.
   */
  #unknownProperPhrases(question: Question): string[] {
    const names = askedSentence(question.content).split(SENTENCE_END).flatMap(sentenceNames);
    return names.filter((name) => !this.#planner.namesTerm(name) && !this.saysAny(name, writtenForms(name)));
  }

  /** Whether the content writes a hyphenated compound: joined, as the index keeps it, or as a term's name. */
  #writesCompound(compound: string): boolean {
    return (
      joinedCompounds(compound).some((term) => this.#postings.has(term)) ||
      this.#planner.namesTerm(words(compound).join(' '))
    );
  }

  /**
   * Releases, or else capitalised names, a figure question asks about whose figure the content never
   * states (versioned-names.ts).
   */
  figureless(question: Question): string[] {
    const releases = figurelessReleases(question.content, this.#numbered);
    return releases.length > 0 ? releases : figurelessNames(question.content, this.#numbered);
  }

  /**
   * A compound of three words or more whose first words the content writes joined to another last
   * word, never to this one: beside "mixture-of-experts", "proof-of-work", another "mixture-of-…" or
   * "proof-of-…" is another kind than those it covers, however well its parts match; or whose last
   * words it writes after another first word ("tree-of-thoughts" beside "chain-of-thought").
   */
  #unknownKinds(question: Question): string[] {
    const compounds = question.content.match(/(?<![\p{L}\p{N}-])\p{L}+(?:-\p{L}+){2,}(?![\p{L}\p{N}-])/gu) ?? [];
    // A term that is the first words joined to a word of its own ("onetoken", one-token, beside
    // "one-to-one") is no compound of the family: ask-dev6 declined one fewer, every unanswerable as before.
    const family = (compound: string) => {
      const parts = compound.toLowerCase().split('-');
      const first = parts.slice(0, -2).join('');
      return this.#planner
        .completions(parts.slice(0, -1).join(''))
        .some((term) => !this.#postings.has(term.slice(first.length)));
    };
    const kind = (compound: string) => family(compound) || otherFirstWord(compound, this.#postings);
    return compounds.filter((compound) => !this.#writesCompound(compound) && kind(compound));
  }

  /**
   * Words of the question the content never uses in any form, nor as a typo of a word it does, when
   * they are half the question or more ("convolutional neural network"): it asks about something
   * else. Fewer (a "peg" beside TerraUSD) leave the question to coverage, and so does everyday
   * English (no development set question changed: every unanswerable one is declined as before).
   */
  #unknownWords(plan: Plan): string[] {
    // Everyday English in lowercase ("legit", "bunch", "hassle") is the asker's wording, not a name of
    // something else: "is a multisig wallet legit or a bunch of extra hassle" asks about multisigs.
    const unknown = plan.concepts
      .filter((concept) => concept.alternatives.every((terms) => terms.every((term) => !this.#postings.has(term))))
      .filter((concept) => !concept.asked.every((word) => this.#everydayWord(word)))
      .map((concept) => concept.asked.join(' '));
    return unknown.length * 2 >= plan.concepts.length ? unknown : [];
  }
}
