import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live; the local disk today, object storage can implement the same. */
export interface UploadStorage {
  /** Stores the bytes under `name` (names are content hashes, so an existing file is left alone). */
  save(name: string, data: Buffer): Promise<void>;
  /** The stored file, or null when there is none. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
}

/** Files in one directory (`DATA_DIR/uploads` by default); names are checked by the caller. */
export class DiskStorage implements UploadStorage {
  constructor(private readonly dir: string) {}

  async save(name: string, data: Buffer): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, name);
    if (fs.existsSync(target)) return;
    // Write then rename, so a reader never sees half a file.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.promises.writeFile(temporary, data);
    await fs.promises.rename(temporary, target);
  }

  async open(name: string) {
    const file = path.join(this.dir, name);
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) return null;
      return { stream: fs.createReadStream(file), size: stat.size };
    } catch {
      return null;
    }
  }
}
