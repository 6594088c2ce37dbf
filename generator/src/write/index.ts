/** The write phase: format, header, write or compare. */
export { diffFiles, type Drift } from './diff.js';
export {
  explainFormatterError,
  FORMAT_OPTIONS,
  formatFile,
  FormatterMissingError,
  isFormatted,
  MAX_FORMAT_NESTING,
  nestingDepth,
} from './format.js';
export {
  addHeader,
  headerPrefix,
  headerText,
  HEADER_MARKER,
  isGenerated,
  specHash,
} from './header.js';
export {
  listFiles,
  planWrite,
  staleFiles,
  writeFiles,
  WriteFailedError,
  WriteRefusedError,
  type OutputFile,
  type WriteCounts,
  type WriteFs,
  type WriteResult,
  type WritePlan,
  type WriteTarget,
} from './write-files.js';
export { JOURNAL_FILE, recoverInterruptedWrite } from './journal.js';
export { LOCK_FILE, lockFolder, LockTimeoutError, releaseAllLocks, type Lock } from './lock.js';
