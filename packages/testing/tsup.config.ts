import { libraryConfig } from '../../tsup.library';

export default libraryConfig();
