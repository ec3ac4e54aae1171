import { createCipheriv } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Real-sized media files built in the tests, for the content checks of uploads (markup-scan.ts,
 * sniff.ts): compressed image and video data is close to random bytes, so "random" here means a
 * deterministic stream (AES-128-CTR of zeros under a seed), the same bytes on every run.
 */
export function noise(bytes: number, seed = 1): Buffer {
  const key = Buffer.alloc(16);
  key.writeUInt32BE(seed, 12);
  return createCipheriv('aes-128-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(bytes));
}

const text = (s: string) => Buffer.from(s, 'latin1');
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};

/** An XMP packet as cameras and editors write it into JPEG, PNG and MP4 files: XML, but no markup a browser runs. */
export const XMP = [
  '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
  '<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.0-c000 1.000000, 0000/00/00-00:00:00">',
  ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
  '  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"',
  '    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:exif="http://ns.adobe.com/exif/1.0/"',
  '   xmp:CreatorTool="Canon EOS R6" xmp:CreateDate="2024-05-01T10:00:00+03:00" photoshop:DateCreated="2024-05-01T10:00:00+03:00"',
  '   exif:ExposureTime="1/125" exif:FNumber="28/10">',
  '   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Lecture hall, online session</rdf:li></rdf:Alt></dc:title>',
  '   <dc:format>image/jpeg</dc:format>',
  '  </rdf:Description>',
  ' </rdf:RDF>',
  '</x:xmpmeta>',
  '<?xpacket end="w"?>',
].join('\n');

// ---- PNG ----

export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([text(type), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

/**
 * A valid RGB PNG of random pixels (width x height x 3 bytes, about 2 MB at 820 x 820), with an XMP
 * packet; `pixels` may rewrite the raw rows, `level` 0 stores them as they are (so bytes placed in the
 * pixels appear verbatim in the file), `before` and `after` are chunks around the pixel data.
 */
export function png(opts: { width?: number; height?: number; seed?: number; pixels?: (raw: Buffer) => void; level?: number; before?: Buffer[]; after?: Buffer[] } = {}): Buffer {
  const { width = 820, height = 820, seed = 1, level = 6 } = opts;
  const stride = width * 3 + 1;
  const raw = noise(stride * height, seed);
  for (let y = 0; y < height; y += 1) raw[y * stride] = 0; // filter type: none
  opts.pixels?.(raw);
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  const idat = deflateSync(raw, { level });
  const IDAT_SIZE = 65_536;
  const idats: Buffer[] = [];
  for (let i = 0; i < idat.length; i += IDAT_SIZE) idats.push(pngChunk('IDAT', idat.subarray(i, i + IDAT_SIZE)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('iTXt', Buffer.concat([text('XML:com.adobe.xmp\0\0\0\0\0'), Buffer.from(XMP, 'utf8')])),
    pngChunk('pHYs', Buffer.from([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1])),
    ...(opts.before ?? []),
    ...idats,
    ...(opts.after ?? []),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- JPEG ----

const segment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker]), u16(data.length + 2), data]);

/** A JPEG comment segment (COM), where a script hides in the classic JPEG polyglot. */
export const jpegComment = (s: string) => segment(0xfe, text(s));

/**
 * A JPEG laid out as a camera writes it: Exif (APP1, a TIFF header with make and model), XMP (APP1),
 * quantization and Huffman tables, a 4000 x 3000 frame and `bytes` of entropy-coded data (random
 * bytes, each 0xFF stuffed with 0x00, a restart marker every 4 KB). `extra` segments go after XMP.
 */
export function cameraJpeg(opts: { bytes?: number; seed?: number; extra?: Buffer[] } = {}): Buffer {
  const { bytes = 1_500_000, seed = 2 } = opts;
  const exif = Buffer.concat([text('Exif\0\0II*\0'), Buffer.from([8, 0, 0, 0, 2, 0]), noise(24, seed + 100), text('Canon\0Canon EOS R6\0'), Buffer.alloc(40)]);
  const dqt = Buffer.concat([Buffer.from([0]), noise(64, seed + 101)]);
  const sof = Buffer.concat([Buffer.from([8]), u16(3000), u16(4000), Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])]);
  const dht = Buffer.concat([Buffer.from([0x00]), Buffer.from([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]), Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])]);
  const sos = Buffer.from([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0]);
  const entropy: number[] = [];
  const data = noise(bytes, seed);
  let rst = 0;
  for (let i = 0; i < data.length; i += 1) {
    entropy.push(data[i]!);
    if (data[i] === 0xff) entropy.push(0);
    if (i % 4096 === 4095) entropy.push(0xff, 0xd0 + (rst++ % 8));
  }
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe1, exif),
    segment(0xe1, Buffer.concat([text('http://ns.adobe.com/xap/1.0/\0'), Buffer.from(XMP, 'utf8')])),
    ...(opts.extra ?? []),
    segment(0xdb, dqt),
    segment(0xc0, sof),
    segment(0xc4, dht),
    segment(0xda, sos),
    Buffer.from(entropy),
    Buffer.from([0xff, 0xd9]),
  ]);
}

// ---- MP4 (ISO-BMFF) and WebM (EBML) ----

export const mp4Box = (type: string, payload: Buffer) => Buffer.concat([u32(8 + payload.length), text(type), payload]);

/** What a Sony camera puts into its MP4s (a `meta` box holding an `xml ` box): XML metadata, not markup. */
export const SONY_XML_META = mp4Box(
  'meta',
  Buffer.concat([
    Buffer.alloc(4),
    mp4Box('hdlr', Buffer.concat([Buffer.alloc(8), text('meta'), Buffer.alloc(12), text('\0')])),
    mp4Box(
      'xml ',
      Buffer.concat([
        Buffer.alloc(4),
        text(
          '<?xml version="1.0" encoding="UTF-8"?>\n<NonRealTimeMeta xmlns="urn:schemas-professionalDisc:nonRealTimeMeta:ver.2.00" lastUpdate="2024-05-01T10:00:00+03:00">\n' +
            '<Duration value="240"/>\n<CreationDate value="2024-05-01T10:00:00+03:00"/>\n<VideoFormat><VideoRecPort port="DIRECT"/>' +
            '<VideoFrame videoCodec="AVC_3840_2160_HP@L51" captureFps="25p" formatFps="25p"/></VideoFormat>\n' +
            '<Device manufacturer="Sony" modelName="ILCE-7M4" serialNo="4294967295"/>\n<RecordingMode type="normal" cacheRec="false"/>\n</NonRealTimeMeta>\n',
        ),
      ]),
    ),
  ]),
);

/** The XMP box editors (Premiere, Lightroom) add to an MP4: a `uuid` box with Adobe's id. */
export const XMP_UUID_BOX = mp4Box('uuid', Buffer.concat([Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'), Buffer.from(XMP, 'utf8')]));

/** An EBML element with a 1-byte size (payloads under 127 bytes). */
const ebml = (id: number[], payload: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | payload.length]), payload]);

/** The head of a WebM or Matroska file: the EBML header with `before` elements ahead of its DocType, then filler. */
export function ebmlHead(docType: string, before: Buffer[] = []): Buffer {
  const header = Buffer.concat([
    ebml([0x42, 0x86], Buffer.from([1])),
    ebml([0x42, 0xf7], Buffer.from([1])),
    ebml([0x42, 0xf2], Buffer.from([4])),
    ebml([0x42, 0xf3], Buffer.from([8])),
    ...before,
    ebml([0x42, 0x82], text(docType)),
    ebml([0x42, 0x87], Buffer.from([2])),
    ebml([0x42, 0x85], Buffer.from([2])),
  ]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), ebmlSize(header.length), header, Buffer.alloc(400, 7)]);
}

/** An EBML Void element (0xEC): padding, allowed in any EBML master element. */
export const ebmlVoid = (payload: Buffer) => ebml([0xec], payload);

function ebmlSize(n: number): Buffer {
  // 2-byte size: 01xxxxxx xxxxxxxx.
  return Buffer.from([0x40 | (n >> 8), n & 0xff]);
}
