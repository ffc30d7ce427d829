export function editCliTable3(file: string, source: string): string;
export const EDITED_FILES: string[];
