import { PHOTO_TOO_LARGE } from "@core/rules/item-configuration";
import { PHOTO_MAX_BYTES } from "@core/rules/limits";
import busboy from "busboy";
import type { Request } from "express";
import { badRequest, HttpError, invalid } from "./errors";

/** A customer photo may be at most this large. */

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

function imageExtension(bytes: Buffer): string | null {
  return SIGNATURES.find((s) => s.matches(bytes))?.extension ?? null;
}

const MALFORMED_UPLOAD =
  "The upload could not be read: send the photo as multipart/form-data in the field image.";
const NOT_AN_IMAGE = "The photo must be a JPEG, PNG, GIF or WebP image.";

/**
 * Reads the multipart field `image` into memory (bounded), checking that it is a real image.
 * Every stream involved has an error listener: a body cut short (a dropped connection, a missing
 * closing boundary) is a 400 for this request, never an exception that ends the process.
 */
export function readImageUpload(req: Request): Promise<{ bytes: Buffer; extension: string }> {
  return new Promise((resolve, reject) => {
    if (!req.is("multipart/form-data"))
      return reject(
        invalid(
          { image: ["Send the photo as multipart/form-data in the field image."] },
          undefined,
          "upload_malformed",
        ),
      );
    let settled = false;
    let parser: busboy.Busboy;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // Drain what is left so the connection can answer; nothing more is kept.
      req.resume();
      reject(error);
    };
    const malformedUpload = () =>
      badRequest(MALFORMED_UPLOAD, { image: [MALFORMED_UPLOAD] }, "upload_malformed");
    const malformed = () => fail(malformedUpload());
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: PHOTO_MAX_BYTES, fields: 10, fieldSize: 1024 },
      });
    } catch {
      return reject(malformedUpload());
    }
    const chunks: Buffer[] = [];
    let found = false;
    let tooLarge = false;
    parser.on("file", (field, stream) => {
      stream.on("error", malformed);
      if (field !== "image") return void stream.resume();
      found = true;
      stream.on("data", (chunk: Buffer) => {
        if (!tooLarge) chunks.push(chunk);
      });
      stream.on("limit", () => {
        tooLarge = true;
        chunks.length = 0;
      });
    });
    parser.on("error", malformed);
    req.on("error", malformed);
    req.on("aborted", malformed);
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      if (tooLarge)
        return reject(
          new HttpError(422, PHOTO_TOO_LARGE, { image: [PHOTO_TOO_LARGE] }, "photo_too_large"),
        );
      const bytes = Buffer.concat(chunks);
      if (!found || bytes.length === 0)
        return reject(
          invalid({ image: ["Choose a photo to upload."] }, undefined, "photo_missing"),
        );
      const extension = imageExtension(bytes);
      if (!extension)
        return reject(
          new HttpError(422, NOT_AN_IMAGE, { image: [NOT_AN_IMAGE] }, "photo_not_an_image"),
        );
      resolve({ bytes, extension });
    });
    req.pipe(parser);
  });
}
