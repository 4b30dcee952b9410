import { parseServerEvent } from './parse-server-event.ts';

// Each socket message comes in as the socket gave it and goes back as the contract's event, or null
// for anything else, in the order it came. zod and the events' schemas are built and run here, off
// the page's thread, where they made a signed-in page's last long task on a phone (docs/decisions/040).
self.onmessage = (message: MessageEvent<unknown>) => {
  self.postMessage(parseServerEvent(message.data) ?? null);
};
