import { API_BASE } from '../../../lib/api-client.ts';

/**
 * The zip of the member's data. A plain link, not a fetch: the browser streams it to disk as it
 * comes, where a fetch would hold the whole archive in the tab's memory first.
 */
export const DATA_DOWNLOAD_URL = `${API_BASE}/me/data`;
