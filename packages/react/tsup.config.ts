import { libraryConfig } from '../../tsup.library';

// Two entries: the browser's (index) and the server renderer's (server), which alone imports react-dom/server.
export default libraryConfig(['src/index.ts', 'src/server.ts']);
