import { libraryConfig } from '../../tsup.library';

export default libraryConfig({ index: 'src/index.ts', main: 'src/main.ts' });
