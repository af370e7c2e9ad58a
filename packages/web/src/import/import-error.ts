/**
 * Why a whole file cannot be imported (its format is unknown, it is not what its format says, its
 * password is wrong). The message names the problem, never a value from the file.
 */
export class ImportError extends Error {
  constructor(
    readonly kind: 'unknown-format' | 'damaged' | 'needs-password' | 'wrong-password' | 'too-large',
    message: string,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}
