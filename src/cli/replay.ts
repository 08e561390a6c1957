/**
 * `whist replay FILE...`: replays recorded deals through the engine.
 *
 * @module
 */

export function replayFiles(files: string[], out: (line: string) => void): number {
  out(`replay: ${files.length} files`);
  return 1;
}
