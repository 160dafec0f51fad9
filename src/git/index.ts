/** Resolving the two commits and checking them out side by side. */
export {
  resolveCommits,
  resolveCommit,
  assertSafeRef,
  isDirty,
  workingTreeStatus,
  isShallow,
  repoTopLevel
} from './resolve.js'
export type { ResolveCommitsOptions, ResolvedCommits, WorkingTreeStatus } from './resolve.js'
export { createWorktrees } from './worktrees.js'
export type { CreateWorktreesOptions, Worktrees } from './worktrees.js'
