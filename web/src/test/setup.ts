// IndexedDB as the browser has it, in memory: each test file starts with an empty one.
import 'fake-indexeddb/auto';
