// Errors an operation throws in its own words, with no status: the HTTP edge (http/error-mapping.ts)
// gives each its code and status, and MCP its tool error.

/** A thing the input names (an essay's slug, a documentation section) does not exist. */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
  /** What to do instead, for the error's resolution (where to find the names that exist). */
  readonly resolution: string;

  constructor(message: string, resolution: string) {
    super(message);
    this.resolution = resolution;
  }
}

/** A list cursor that is not one this list issued (tampered with, or carried to another query). */
export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError';
  readonly code = 'INVALID_CURSOR';

  /** `problem` says what is wrong with the cursor, phrased to follow the field's name. */
  constructor(problem: string) {
    super(`Query parameter "cursor": ${problem}.`);
  }
}
