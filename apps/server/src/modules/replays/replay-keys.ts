import { REPLAY_CHUNK_BYTES } from '@kasuwa/contracts';

/** Where a replay's parts live in FileStorage: `replays/<seller>/<stream>/`. */
export const folderOf = (sellerId: string, streamId: string) => `replays/${sellerId}/${streamId}`;
/** Chunk keys sort in offset order: the offset zero-padded. */
export const chunkKey = (sellerId: string, streamId: string, offset: number) =>
  `${folderOf(sellerId, streamId)}/chunks/${String(offset).padStart(13, '0')}`;
export const fileKey = (sellerId: string, streamId: string, ext: string) =>
  `${folderOf(sellerId, streamId)}/replay.${ext}`;

/** The keys of the chunks of an upload that holds `receivedBytes`. */
export const chunkKeys = (sellerId: string, streamId: string, receivedBytes: number) => {
  const keys: string[] = [];
  for (let offset = 0; offset < receivedBytes; offset += REPLAY_CHUNK_BYTES) {
    keys.push(chunkKey(sellerId, streamId, offset));
  }
  return keys;
};
