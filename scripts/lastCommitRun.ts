/**
 * The `benchgate run` arguments the bench scripts share: a throwaway CMake repository's last commit
 * (head) against its parent (base), built in `build/`, written to `out`.
 */
export function lastCommitRunArgs(cli: string, repo: string, binary: string, out: string): string[] {
  return [
    cli,
    'run',
    '--repo',
    repo,
    '--base',
    'HEAD~1',
    '--head',
    'HEAD',
    '--no-merge-base',
    '--build',
    'cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build >/dev/null',
    '--binary',
    `build/${binary}`,
    '--out',
    out
  ]
}
