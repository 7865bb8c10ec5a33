// Finding an executable the way the user's shell would (the OS layer's bwrap, systemd-run).
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/**
 * An executable's path through the host's PATH, as the user's shell would find it; undefined
 * when no folder of PATH has it. (Node's own lookup falls back to /usr/bin:/bin when the
 * child's environment has no PATH, so it would find a bwrap the user's PATH does not have.)
 */
export function onPath(name: string, path: string = process.env.PATH ?? ''): string | undefined {
  for (const folder of path.split(delimiter)) {
    if (!isAbsolute(folder)) continue;
    const candidate = join(folder, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
