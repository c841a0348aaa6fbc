// The starter lessons' files, built in by functions/starterContent.mjs.
declare module 'virtual:starter-content' {
  const content: {
    files: { programme: string; name: string; text: string }[];
    /** Each lesson image's path and its [width, height], or null when the SVG declares none. */
    images: Record<string, [number, number] | null>;
  };
  export default content;
}
