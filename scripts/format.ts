// Generated source is written as Biome formats it: a generator cannot know where the formatter
// breaks a line that grew (a fourth `extends`), and the staleness tests compare the committed file
// with this output byte for byte.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome')
/** The repository, as a path (a `URL` is the test DOM's own class there, which `fs` refuses). */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/** `text` as `biome format` writes it at `file` (the repository's path: its config, language). */
export function formatted(file: string, text: string): string {
  const path = join(ROOT, file)
  return execFileSync(process.execPath, [biome, 'format', `--stdin-file-path=${path}`], {
    input: text,
    encoding: 'utf8',
  })
}
