import type {} from '../../http/page-contracts';
import type { DriveStatus } from './tables';

export interface DriveRow {
  uuid: string;
  name: string;
  size_gb: number;
  used_bytes: number;
  /** Bytes held for uploads in flight. */
  reserved_bytes: number;
  location: { id: number; name: string };
  machine: { uuid: string; name: string } | null;
  /** `size_gb` × the per-GB month price, in Rial. */
  monthly_price: number;
  status: DriveStatus;
  paid_until: string;
  delete_at: string | null;
}

export interface DriveMachineOption {
  uuid: string;
  name: string;
  location_id: number;
  /** Attach and detach need the machine stopped. */
  stopped: boolean;
}

export interface PanelDrivesListProps {
  drives: DriveRow[];
  locations: { id: number; name: string }[];
  machines: DriveMachineOption[];
  limits: { max_drive_gb: number | null; used_gb: number };
  price_per_gb_month: number;
  balance: number;
}

export interface DriveFolderView {
  name: string;
  path: string;
  created_at: string;
}

export interface DriveFileView {
  name: string;
  path: string;
  size: number;
  sha256: string | null;
  created_at: string;
}

export interface PanelDrivesShowProps {
  drive: {
    uuid: string;
    name: string;
    status: DriveStatus;
    size_gb: number;
    used_bytes: number;
    reserved_bytes: number;
  };
  path: string;
  breadcrumb: { name: string; path: string }[];
  folders: DriveFolderView[];
  files: DriveFileView[];
  /** The tus endpoint (panel.drives.files.store). */
  upload_url: string;
  /** Uploads, new folders and deletes: only while the drive is active. */
  can_write: boolean;
}

export interface PanelDrivesDownProps {
  drive: { uuid: string; name: string };
  file: DriveFileView;
  download_url: string;
  expires_at: string;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Panel/Drives/List': PanelDrivesListProps;
    'Panel/Drives/Show': PanelDrivesShowProps;
    'Panel/Drives/Down': PanelDrivesDownProps;
  }
}
