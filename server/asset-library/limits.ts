/** The upload limits (docs/asset-library.md); the island reads them from the page's data attributes. */
export const uploadLimits = {
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 25 * 1024 * 1024,
  maxFiles: 10,
  /** Text fields of an upload form (folderId, temp, _csrf: a few), and the bytes of one field's value. */
  maxFields: 20,
  maxFieldBytes: 8 * 1024,
  /** Width x height (x frames) of an image; read from its header before anything is decoded. */
  maxPixels: 40_000_000,
  maxSide: 8000,
  maxNameLength: 200,
} as const;

/** Detected type (file-type's ext) -> how the library files it. SVG is not here: a drawing can carry script. */
export const acceptedTypes: Record<string, 'Image' | 'Document'> = {
  jpg: 'Image',
  png: 'Image',
  gif: 'Image',
  webp: 'Image',
  pdf: 'Document',
  docx: 'Document',
  xlsx: 'Document',
  pptx: 'Document',
  odt: 'Document',
  ods: 'Document',
};

/** The accepted extensions, as the upload input's accept attribute lists them. */
export const acceptedExtensions = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'docx', 'xlsx', 'pptx', 'odt', 'ods'];

/** A crop's output side, at most (the renditions' own limit). */
export const maxCropSide = 2000;

/** How long a temp image (uploaded to be cropped) is kept. */
export const tempLifetimeMs = 60 * 60 * 1000;
