// Reading a release zip as an unzip tool would: the Unix permissions each entry carries.

/** Unix permissions of each entry, from the zip's central directory (external attributes). */
export function unixModes(archive: Buffer): Record<string, number> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let offset = archive.readUInt32LE(end + 16);
  const modes: Record<string, number> = {};
  for (let index = 0; index < count; index += 1) {
    const nameLength = archive.readUInt16LE(offset + 28);
    const extraLength = archive.readUInt16LE(offset + 30);
    const commentLength = archive.readUInt16LE(offset + 32);
    const name = archive.toString('utf8', offset + 46, offset + 46 + nameLength);
    modes[name] = (archive.readUInt32LE(offset + 38) >>> 16) & 0o777;
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return modes;
}
