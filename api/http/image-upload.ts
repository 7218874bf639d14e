import busboy from "busboy";
import type { Request } from "express";
import { HttpError, invalid } from "./errors";

/** A customer photo may be at most this large. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Real image types, recognised by their first bytes, never by name or declared type. */
const SIGNATURES: { extension: string; matches: (b: Buffer) => boolean }[] = [
  {
    extension: "jpg",
    matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    extension: "png",
    matches: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    extension: "gif",
    matches: (b) => ["GIF87a", "GIF89a"].includes(b.subarray(0, 6).toString("latin1")),
  },
  {
    extension: "webp",
    matches: (b) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" &&
      b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

export function imageExtension(bytes: Buffer): string | null {
  return SIGNATURES.find((s) => s.matches(bytes))?.extension ?? null;
}

export const NOT_AN_IMAGE = "The photo must be a JPEG, PNG, GIF or WebP image.";
export const IMAGE_TOO_LARGE = "The photo must be 5 MB or smaller.";

/** Reads the multipart field `image` into memory (bounded), checking that it is a real image. */
export function readImageUpload(req: Request): Promise<{ bytes: Buffer; extension: string }> {
  return new Promise((resolve, reject) => {
    if (!req.is("multipart/form-data"))
      return reject(
        invalid({ image: ["Send the photo as multipart/form-data in the field image."] }),
      );
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: MAX_IMAGE_BYTES, fields: 10, fieldSize: 1024 },
      });
    } catch {
      return reject(invalid({ image: ["Malformed upload."] }));
    }
    const chunks: Buffer[] = [];
    let found = false;
    let tooLarge = false;
    parser.on("file", (field, stream) => {
      if (field !== "image") return void stream.resume();
      found = true;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        tooLarge = true;
      });
    });
    parser.on("error", () => reject(invalid({ image: ["Malformed upload."] })));
    parser.on("close", () => {
      if (tooLarge)
        return reject(new HttpError(422, IMAGE_TOO_LARGE, { image: [IMAGE_TOO_LARGE] }));
      const bytes = Buffer.concat(chunks);
      if (!found || bytes.length === 0)
        return reject(invalid({ image: ["Choose a photo to upload."] }));
      const extension = imageExtension(bytes);
      if (!extension) return reject(new HttpError(422, NOT_AN_IMAGE, { image: [NOT_AN_IMAGE] }));
      resolve({ bytes, extension });
    });
    req.pipe(parser);
  });
}
