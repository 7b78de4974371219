export { cleanFileName, FILE_NAME_MAX } from './file-name';
export { type SniffedImage, sniffImage } from './image-type';
export { attachmentDisposition, type PrivateFile, sendPrivateFile } from './send';
export { nameForType, type SniffedFile, sniffFile } from './sniff';
