import { z } from 'zod';

/** One deleted case or document in its project's recycle bin. */
export const binEntry = z.object({
  binId: z.number(),
  itemKind: z.string(),
  itemId: z.number(),
  /** The project's number of the item (a case's), if it has one. */
  itemNum: z.number().nullable(),
  itemName: z.string(),
  deletedById: z.number().nullable(),
  deletedByName: z.string().nullable(),
  deletedTime: z.string(),
});
export type BinEntry = z.infer<typeof binEntry>;
