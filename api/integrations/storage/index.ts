/**
 * Where customer photos go. The default keeps them on disk under UPLOADS_DIR (served at /uploads);
 * an object store would implement the same interface.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { readVariable } from "@core/config/environment";

export interface ImageStorage {
  /** Stores the bytes and answers the public URL. */
  save(bytes: Buffer, extension: string): Promise<string>;
  /** Deletes a photo this store saved (a replaced or removed one); unknown URLs are ignored. */
  remove(url: string): Promise<void>;
  /** The folder served at /uploads, for a disk store. */
  readonly directory?: string;
}

export function diskStorage(directory = readVariable("UPLOADS_DIR", process.env)): ImageStorage {
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
    async remove(url) {
      // Only names this store makes: nothing outside the folder can be named.
      const name = /^\/uploads\/([0-9a-f]{32}\.[a-z]{3,4})$/.exec(url)?.[1];
      if (name) await fs.rm(path.join(dir, name), { force: true });
    },
  };
}
