import type {} from '../../http/page-contracts';
import type { PlanSummary, SiteStats, SoftwareImage } from '../catalog/contracts';

export type { PlanSummary, SiteStats, SoftwareImage };

/** A blog post as lists show it. */
export interface PostSummary {
  slug: string;
  title: string;
  excerpt: string | null;
  published_at: string;
  cover_url?: string | null;
  /** The post's folder slug. */
  folder?: string | null;
}

export interface Paginated<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

export interface SeoFields {
  title: string | null;
  description: string | null;
}

/** A static page (about, terms…): its HTML body was sanitised when saved. */
export interface PageView {
  key: string;
  title: string;
  body: string;
  seo: SeoFields;
}

export interface FolderSummary {
  id: number;
  slug: string;
  name: string;
  parent_id: number | null;
  description: string;
}

export interface ArticleView {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  cover_url: string | null;
  status: 'draft' | 'scheduled' | 'published' | 'unpublished';
  published_at: string | null;
  folder: { slug: string; name: string } | null;
  seo: SeoFields;
}

export interface DocsFolderNode {
  slug: string;
  name: string;
  articles: { slug: string; title: string }[];
  children: DocsFolderNode[];
}

/** `home` (Public/Home). */
export interface PublicHomeProps {
  plans?: PlanSummary[];
  software?: SoftwareImage[];
  posts?: PostSummary[];
  stats?: Partial<SiteStats>;
}

/** About, PrivacyPolicy, TermsOfService. */
export interface StaticPageProps {
  page: PageView;
}

export interface SoftwarePageProps {
  page: PageView;
  software: SoftwareImage[];
}

export interface RevitPageProps {
  page: PageView;
  plans: PlanSummary[];
}

export interface BlogProps {
  items: Paginated<PostSummary>;
  featured: PostSummary | null;
  folders: FolderSummary[];
  filters: { q: string; folder: string | null };
}

export interface ArticleProps {
  article: ArticleView & { author: string | null };
  related: PostSummary[];
  previous: { slug: string; title: string } | null;
  next: { slug: string; title: string } | null;
  /** An admin looking at a draft through `?preview=1`. */
  preview: boolean;
}

export interface DocsFolderProps {
  folder: { slug: string; name: string; description: string };
  trail: { slug: string; name: string }[];
  children: { slug: string; name: string; description: string }[];
  articles: { slug: string; title: string; excerpt: string }[];
  tree: DocsFolderNode[];
}

export interface DocsArticleProps {
  article: ArticleView;
  trail: { slug: string; name: string }[];
  tree: DocsFolderNode[];
  /** The headings of the body (h2/h3 with ids), for the table of contents. */
  toc: { id: string; text: string; level: 2 | 3 }[];
  /** Whether this session has already answered «was this useful?». */
  feedback_given: boolean;
}

export interface ContentPageProps {
  article: ArticleView;
}

export interface SupportProps {
  page: PageView;
  q: string;
  results: { slug: string; title: string; excerpt: string; folder: string }[];
  tree: DocsFolderNode[];
  contact: { phone: string | null; hours: string | null; email: string | null };
}

export interface CareerProps {
  page: PageView;
}

export interface WelcomeProps {
  page: PageView;
  can_login: boolean;
  can_register: boolean;
}

export interface LandingProps {
  page: PageView;
  slug: string;
  plans: PlanSummary[];
  /** The campaign's utm_* parameters, carried to the sign-up link. */
  utm: Record<string, string>;
  /** Its run (campaign-window.ts): whether it is on now, and its first and last day (ISO, Tehran). */
  campaign: { state: 'upcoming' | 'running' | 'ended'; first_day: string | null; last_day: string | null };
}

/** A redirect as the admin screens show it. */
export interface AdminRedirectRow {
  id: number;
  from: string;
  to: string;
  code: 301 | 302;
  is_active: boolean;
  hits: number;
  last_hit_at: string | null;
  updated_at: string;
}

export interface AdminRedirectListProps {
  items: Paginated<AdminRedirectRow>;
  filters: { q: string };
}

export interface AdminRedirectFormProps {
  redirect: AdminRedirectRow | null;
}

// ---- Admin content screens (docs/screens.md §6) ------------------------------------------------

export type ArticleKind = 'post' | 'doc' | 'page';
export type ArticleStatus = 'draft' | 'scheduled' | 'published' | 'unpublished';

export interface AdminArticleRow {
  id: number;
  title: string;
  slug: string;
  kind: ArticleKind;
  folder_id: number | null;
  folder: string | null;
  excerpt: string;
  body: string;
  cover_url: string | null;
  status: ArticleStatus;
  published_at: string | null;
  seo_title: string | null;
  seo_description: string | null;
  canonical_url: string | null;
  noindex: boolean;
  updated_at: string;
  /** The public path (null for a doc without a folder). */
  url: string | null;
  useful: number;
  not_useful: number;
}

export interface AdminArticleInput {
  title: string;
  slug: string;
  kind: ArticleKind;
  folder_id: number | null;
  excerpt: string;
  body: string;
  cover_url: string | null;
  status: ArticleStatus;
  published_at: string | null;
  seo_title: string | null;
  seo_description: string | null;
  canonical_url: string | null;
  noindex: boolean;
}

export interface FolderOption {
  value: number;
  label: string;
  kind: 'blog' | 'docs';
}

export interface AdminArticleListProps {
  items: Paginated<AdminArticleRow>;
  filters: { q: string; folder: number | null; kind: ArticleKind | null; status: ArticleStatus | null };
  options: { folders: FolderOption[] };
}

export interface AdminArticleFormProps {
  article: AdminArticleRow | null;
  options: { folders: FolderOption[] };
}

export interface AdminFolderRow {
  id: number;
  slug: string;
  name: string;
  kind: 'blog' | 'docs';
  parent_id: number | null;
  sort: number;
  description: string;
  seo_title: string | null;
  seo_description: string | null;
  articles: number;
}

export interface AdminFolderInput {
  name: string;
  slug: string;
  kind: 'blog' | 'docs';
  parent_id: number | null;
  description: string;
  seo_title: string | null;
  seo_description: string | null;
}

export interface AdminFolderListProps {
  folders: AdminFolderRow[];
}

export interface AdminFolderFormProps {
  folder: AdminFolderRow | null;
  options: { folders: FolderOption[] };
}

export interface AdminMenuRow {
  id: number;
  location: 'header' | 'footer';
  parent_id: number | null;
  label: string;
  url: string;
  sort: number;
  is_active: boolean;
}

export interface AdminMenuInput {
  location: 'header' | 'footer';
  parent_id: number | null;
  label: string;
  url: string;
  is_active: boolean;
}

export interface AdminMenuListProps {
  menus: AdminMenuRow[];
}

export interface AdminMenuFormProps {
  menu: AdminMenuRow | null;
  options: { parents: { value: number; label: string; location: 'header' | 'footer' }[] };
}

export interface AdminLinkRow {
  id: number;
  group: 'footer' | 'social';
  label: string;
  url: string;
  sort: number;
  nofollow: boolean;
  is_active: boolean;
}

export interface AdminLinkInput {
  group: 'footer' | 'social';
  label: string;
  url: string;
  nofollow: boolean;
  is_active: boolean;
}

export interface AdminLinkListProps {
  links: AdminLinkRow[];
}

export interface AdminLinkFormProps {
  link: AdminLinkRow | null;
}

export interface SortItem {
  id: number;
  parent_id?: number | null;
  sort: number;
}

export interface AdminPageInput {
  title: string;
  body: string;
  seo_title: string | null;
  seo_description: string | null;
  noindex: boolean;
  /** A campaign's first and last day (ISO days, Tehran); ignored for other pages. */
  starts_on?: string | null | undefined;
  ends_on?: string | null | undefined;
}

export interface AdminPageProps {
  pages: { key: string; title: string }[];
  page: {
    key: string;
    title: string;
    body: string;
    seo_title: string | null;
    seo_description: string | null;
    noindex: boolean;
    updated_at: string;
    url: string | null;
    /** A campaign page (`campaign:{slug}`) has a run: its first and last day, ISO days in Tehran. */
    campaign: { starts_on: string | null; ends_on: string | null } | null;
  } | null;
  revisions: { id: number; title: string; body: string; editor: string | null; created_at: string }[];
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Public/Home': PublicHomeProps;
    'Public/About': StaticPageProps;
    'Public/Software': SoftwarePageProps;
    'Public/Revit': RevitPageProps;
    'Public/Blog': BlogProps;
    'Public/Article': ArticleProps;
    'Public/Articles/Folder': DocsFolderProps;
    'Public/Articles/Article': DocsArticleProps;
    'Public/Articles/Page': ContentPageProps;
    'Public/Support': SupportProps;
    'Public/Career': CareerProps;
    Welcome: WelcomeProps;
    Landing: LandingProps;
    PrivacyPolicy: StaticPageProps;
    TermsOfService: StaticPageProps;
    'Admin/Redirects/List': AdminRedirectListProps;
    'Admin/Redirects/Make': AdminRedirectFormProps;
    'Admin/Redirects/Edit': AdminRedirectFormProps;
    'Admin/Articles/List': AdminArticleListProps;
    'Admin/Articles/Make': AdminArticleFormProps;
    'Admin/Articles/Edit': AdminArticleFormProps;
    'Admin/Folders/List': AdminFolderListProps;
    'Admin/Folders/Make': AdminFolderFormProps;
    'Admin/Folders/Edit': AdminFolderFormProps;
    'Admin/Menus/List': AdminMenuListProps;
    'Admin/Menus/Make': AdminMenuFormProps;
    'Admin/Menus/Edit': AdminMenuFormProps;
    'Admin/Links/List': AdminLinkListProps;
    'Admin/Links/Make': AdminLinkFormProps;
    'Admin/Links/Edit': AdminLinkFormProps;
    'Admin/Page': AdminPageProps;
  }
}
