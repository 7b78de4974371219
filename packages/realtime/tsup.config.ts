import { libraryConfig } from '../../tsup.library';

export default libraryConfig({
  'server/index': 'src/server/index.ts',
  'client/index': 'src/client/index.ts',
});
