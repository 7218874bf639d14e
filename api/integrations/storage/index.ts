/**
 * Where customer photos go. The default keeps them on disk under UPLOADS_DIR (served at /uploads);
 * an object store would implement the same interface.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export interface ImageStorage {
  /** Stores the bytes and answers the public URL. */
  save(bytes: Buffer, extension: string): Promise<string>;
  /** The folder served at /uploads, for a disk store. */
  readonly directory?: string;
}

export function diskStorage(directory = process.env.UPLOADS_DIR || "data/uploads"): ImageStorage {
  const dir = path.resolve(directory);
  return {
    directory: dir,
    async save(bytes, extension) {
      await fs.mkdir(dir, { recursive: true });
      // Random names: nobody can guess another shopper's photo.
      const name = `${randomBytes(16).toString("hex")}.${extension}`;
      await fs.writeFile(path.join(dir, name), bytes, { flag: "wx" });
      return `/uploads/${name}`;
    },
  };
}
