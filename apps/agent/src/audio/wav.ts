// Reads a WAV file's length from its header: the silent output waits exactly that long.
import fs from 'node:fs/promises';

/** Seconds of audio in a PCM WAV file (RIFF chunks: 'fmt ' gives bytes per second, 'data' the size). */
export async function wavDurationSeconds(file: string): Promise<number> {
  const handle = await fs.open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const header = Buffer.alloc(12);
    await handle.read(header, 0, 12, 0);
    if (header.toString('ascii', 0, 4) !== 'RIFF' || header.toString('ascii', 8, 12) !== 'WAVE') {
      throw new Error(`${file} is not a WAV file`);
    }
    let offset = 12;
    let byteRate = 0;
    // Chunk id, chunk size, then for 'fmt ': format, channels, sample rate, bytes per second.
    const chunk = Buffer.alloc(20);
    while (offset + 8 <= fileSize) {
      chunk.fill(0);
      await handle.read(chunk, 0, 20, offset);
      const id = chunk.toString('ascii', 0, 4);
      const size = chunk.readUInt32LE(4);
      if (id === 'fmt ') byteRate = chunk.readUInt32LE(16);
      if (id === 'data') {
        if (!byteRate) throw new Error(`${file} has no format chunk before its audio`);
        // Streaming writers leave the size at 0 or 0xFFFFFFFF: the audio then runs to the end.
        const available = fileSize - (offset + 8);
        const dataSize = size === 0 || size > available ? available : size;
        return dataSize / byteRate;
      }
      offset += 8 + size + (size % 2);
    }
    throw new Error(`${file} has no audio data`);
  } finally {
    await handle.close();
  }
}
