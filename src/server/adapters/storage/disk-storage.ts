import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { assertImageFileName, type ImageStorage } from './port.ts'

/**
 * Images as files in one directory (DATA_DIR/uploads), served by the app at /uploads/<name>.
 * The bytes arrive through the app's own signed PUT URL (features/uploads), so there are no
 * direct uploads to check afterwards.
 */
export function createDiskImageStorage({ directory }: { directory: string }): ImageStorage {
  const fileOf = (fileName: string) => {
    assertImageFileName(fileName) // a name from the server's pattern cannot leave the directory
    return path.join(directory, fileName)
  }
  return {
    kind: 'disk',
    browserOrigin: null,
    incoming: null,
    async putImage(fileName, body) {
      const target = fileOf(fileName)
      await fs.mkdir(directory, { recursive: true })
      // written aside and renamed, so a reader never sees half an image
      const partial = path.join(directory, `.${randomUUID()}.partial`)
      try {
        await fs.writeFile(partial, body)
        await fs.rename(partial, target)
      } catch (error) {
        await fs.rm(partial, { force: true })
        throw error
      }
    },
    async openImage(fileName) {
      const file = fileOf(fileName)
      try {
        const stat = await fs.stat(file)
        if (!stat.isFile()) return null
        return { body: createReadStream(file), size: stat.size }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    imageUrl: (fileName) => `/uploads/${fileName}`,
  }
}
