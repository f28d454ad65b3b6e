/**
 * File-system faults in words a user acts on. Node reports them as codes (`EACCES`, `ELOOP`); a CLI that
 * prints the code leaves the user to look it up, and one that prints the error prints a stack trace.
 */

/** What each code means, as the end of "cannot read X: …". */
const MEANINGS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'it is a directory, not a file',
  ENOTDIR: 'a part of the path is a file, not a directory',
  ELOOP: 'too many symbolic links (a link that points back at itself)',
  ENAMETOOLONG: 'the name is too long',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EEXIST: 'it already exists',
  EBUSY: 'it is busy (in use by another process)',
  EMFILE: 'too many open files',
  EIO: 'an input/output error of the device',
  ENXIO: 'no such device',
};

/** The error code of a Node file-system error, or undefined for any other error. */
export function faultCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : undefined;
}

/** A file-system error in words (`permission denied`), or its message when the code is not a known one. */
export function describeFault(error: unknown): string {
  const code = faultCode(error);
  if (code && MEANINGS[code]) return MEANINGS[code];
  const message = error instanceof Error ? error.message : String(error);
  // Node's messages read `EXDEV: cross-device link not permitted, rename 'a' -> 'b'`: keep the words only.
  return message.replace(/^E[A-Z]+:\s*/, '').replace(/,\s*\w+\s+'.*$/s, '');
}
