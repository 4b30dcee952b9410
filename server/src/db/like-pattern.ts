/**
 * An ILIKE pattern that finds the text anywhere, with the text's own %, _ and \ escaped: a member
 * searching "100%" means those four characters, not "100 and anything after".
 */
export const likeAnywhere = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
