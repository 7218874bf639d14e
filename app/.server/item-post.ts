/** Reading the product form's post (spec §5: photo upload), bounded in memory. */
import {
  data,
  MaxPartSizeExceededError,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { routeError } from "~/.server/route-errors";
import { PHOTO_MAX_BYTES } from "@core/rules/limits";
import { MESSAGES } from "~/lib/item-form";

/** Text fields are small; the whole post is bounded so a huge upload cannot exhaust memory. */
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_POST_BYTES = 4 * PHOTO_MAX_BYTES;

const FORM_INCOMPLETE =
  "The form arrived incomplete and could not be read. Please go back and try again.";

export interface PostedForm {
  form: FormData;
  /** The photo was larger than the API takes (read and dropped, not kept in memory). */
  photoTooLarge: boolean;
}

/**
 * The product form's post, read once: multipart (with the photo) through an upload handler that
 * keeps at most the API's photo limit in memory, or urlencoded. A body cut short is a 400; a post
 * past every limit a 413. `onPhoto` hears of a photo part with content (a file input left empty
 * still sends a part, with no name and no bytes: that is no photo).
 */
export async function readItemPost(request: Request, onPhoto?: () => void): Promise<PostedForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data"))
    return { form: await request.formData(), photoTooLarge: false };
  let total = 0;
  let photoTooLarge = false;
  const handler: UploadHandler = async ({ name, filename, contentType, data: chunks }) => {
    const isFile = typeof filename === "string";
    const limit = isFile ? PHOTO_MAX_BYTES : MAX_FIELD_BYTES;
    const kept: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of chunks) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (total > MAX_POST_BYTES) throw new MaxPartSizeExceededError(name, MAX_POST_BYTES);
      if (size <= limit) kept.push(chunk);
    }
    if (isFile && filename !== "" && size > 0) onPhoto?.();
    if (size > limit) {
      if (!isFile) throw new MaxPartSizeExceededError(name, limit);
      photoTooLarge = true;
      return undefined;
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of kept) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    if (isFile) return new File([bytes], filename, { type: contentType });
    return new TextDecoder().decode(bytes);
  };
  try {
    return { form: await unstable_parseMultipartFormData(request, handler), photoTooLarge };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      throw data({ code: 413, message: MESSAGES.photoTooLarge, name: "TooLarge" }, { status: 413 });
    // A body cut short (no closing boundary, a dropped connection) is the sender's problem.
    throw routeError(400, FORM_INCOMPLETE, "MalformedFormError");
  }
}
