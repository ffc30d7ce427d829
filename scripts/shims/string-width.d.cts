declare function width(text: unknown): number;
export = width;
