/**
 * The window message the identity provider's address page posts when it saved an address
 * (spec §5: it "must parse as success"). Anything else is a problem; the caller has already
 * checked it came from the provider's origin.
 */
import { z } from "zod";
import { ADDRESS_ADDED_MESSAGE } from "./addresses";

const AddressAddedSchema = z.object({
  type: z.literal(ADDRESS_ADDED_MESSAGE),
  status: z.literal("success"),
});

export const isAddressAdded = (data: unknown): boolean =>
  AddressAddedSchema.safeParse(data).success;
