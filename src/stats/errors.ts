/**
 * Typed input errors for the statistics library. A statistical shortfall (too few samples, low power)
 * is never an error: it is a warning on the result. Only input the math cannot take throws.
 */

export type StatsErrorId =
  | 'empty' // a sample has no values
  | 'too-small' // fewer values than the statistic needs
  | 'not-finite' // NaN or ±Infinity in a sample
  | 'not-positive' // zero or negative where logs/ratios need positive values
  | 'domain' // a parameter outside its domain (e.g. confLevel not in (0, 1))
  | 'arguments' // the wrong combination of arguments (e.g. powerTTest with two unknowns)
  | 'no-solution' // a root could not be bracketed (e.g. power unreachable)

export class StatsInputError extends Error {
  readonly id: StatsErrorId
  /** What was wrong: the parameter or sample name ("x", "confLevel", ...). */
  readonly subject: string

  constructor(id: StatsErrorId, subject: string, message: string) {
    super(message)
    this.name = 'StatsInputError'
    this.id = id
    this.subject = subject
  }
}

/** Throws unless every value is finite; names the first bad index. Runs before any math. */
export function assertFinite(values: ArrayLike<number>, subject: string): void {
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) {
      throw new StatsInputError(
        'not-finite',
        subject,
        `${subject}[${i}] is ${values[i]}: every sample must be a finite number`
      )
    }
  }
}

/** Throws unless the sample has at least `min` values. */
export function assertSize(
  values: ArrayLike<number>,
  min: number,
  subject: string,
  what = 'this statistic'
): void {
  if (values.length === 0)
    throw new StatsInputError('empty', subject, `${subject} is empty: ${what} needs at least ${min} value(s)`)
  if (values.length < min) {
    throw new StatsInputError(
      'too-small',
      subject,
      `${subject} has ${values.length} value(s): ${what} needs at least ${min}`
    )
  }
}

/** Throws unless every value is > 0 (needed for logs and ratios). */
export function assertPositive(values: ArrayLike<number>, subject: string): void {
  for (let i = 0; i < values.length; i++) {
    if (!(values[i] > 0)) {
      throw new StatsInputError(
        'not-positive',
        subject,
        `${subject}[${i}] is ${values[i]}: ratios need positive times (> 0)`
      )
    }
  }
}

/** Throws unless 0 < p < 1. */
export function assertProbability(p: number, subject: string): void {
  if (!(p > 0 && p < 1))
    throw new StatsInputError('domain', subject, `${subject} must be in (0, 1), got ${p}`)
}
