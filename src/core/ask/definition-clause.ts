// Definitions asked other than by "what is X": by what a name stands for, as a clause with the
// subject before its verb, or subject first with the question word after (question.ts reads the
// rest). Each pattern's first group is the subject.

/** "what does MEV stand for" → "MEV". */
const STANDS_FOR =
  /^what\s+(?:does|do)\s+(?:an?\s+|the\s+)?(.+?)\s+(?:stand\s+for|mean)(?:\s+(?:in|on|for|with)\s+.+)?$/i;
/**
 * "(ngl i dont get) what RAG is, explain": a definition asked as a clause, its subject before the
 * verb. Read as no definition, the essay's sections led over the term's page (ask-dev7 +1 first).
 * The field it is asked in may follow the verb ("what an oracle is in defi"), as it may follow the
 * subject of "what is an oracle in defi": ask-dev8 +1 first, +1 key fact, no set lost one.
 */
const EMBEDDED_DEFINITION =
  /^what\s+(?:an?\s+|the\s+)?(\S+(?:\s+\S+)?)\s+(?:is|are)(?:\s+(?:even|exactly|actually|really))?(?:\s+(?:in|on)\s+\S+(?:\s+\S+)?)?(?:,.*)?$/i;
/**
 * "gas is like... what exactly? why am i paying it": a definition asked subject first, the question
 * word after the verb. Read as none, an account-abstraction term led over gas's own page (ask-dev8
 * +1 first, +1 key fact, no set lost one).
 */
const SUBJECT_FIRST_DEFINITION =
  /^(?:an?\s+|the\s+)?([^\s.?!,]+(?:\s+[^\s.?!,]+)?)\s+(?:is|are)\s+(?:like\b[.…\s]*)?what(?:\s+(?:even|exactly|actually|really))?(?:[?!.]|$)/i;

/** The subject a definition asked in one of these ways names ("what RAG is" → "RAG"), if it is one. */
export function clauseDefinition(bare: string): string | undefined {
  for (const pattern of [STANDS_FOR, EMBEDDED_DEFINITION, SUBJECT_FIRST_DEFINITION]) {
    const subject = pattern.exec(bare)?.[1];
    if (subject) return subject;
  }
  return undefined;
}
