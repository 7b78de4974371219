import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

/*
 * Validates sitemaps against the sitemaps.org schemas with libxml2 (xmllint compiled to
 * WebAssembly: no system binary needed). `sitemap.xsd` is the file the `sitemap` package ships.
 * That package has no index schema, so `siteindex.xsd` here is the sitemaps.org one (sitemapindex
 * of one or more sitemap elements, each a loc and an optional lastmod) written against
 * sitemap.xsd's own loc and lastmod types, which it includes, rather than a copy of them.
 */
const require = createRequire(import.meta.url);
const SITEMAP_XSD = readFileSync(
  join(dirname(require.resolve('sitemap/package.json')), 'schema', 'sitemap.xsd'),
  'utf8',
);

const SITEINDEX_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema"
            targetNamespace="http://www.sitemaps.org/schemas/sitemap/0.9"
            xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
            elementFormDefault="qualified">
  <xsd:include schemaLocation="sitemap.xsd"/>
  <xsd:element name="sitemapindex">
    <xsd:complexType>
      <xsd:sequence>
        <xsd:element name="sitemap" type="tSitemap" maxOccurs="unbounded"/>
      </xsd:sequence>
    </xsd:complexType>
  </xsd:element>
  <xsd:complexType name="tSitemap">
    <xsd:sequence>
      <xsd:element name="loc" type="tLoc"/>
      <xsd:element name="lastmod" type="tLastmod" minOccurs="0"/>
    </xsd:sequence>
  </xsd:complexType>
</xsd:schema>
`;

/**
 * libxml2's complaints about a document (file name and line first), or [] when it is valid. The
 * index schema includes sitemap.xsd, so it would take a urlset too: the root is checked first.
 */
export async function sitemapSchemaErrors(xml: string, kind: 'urlset' | 'sitemapindex'): Promise<string[]> {
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<([\w:.-]+)/.exec(xml)?.[1];
  if (root !== kind) return [`${kind}.xml: the root element is <${root}>, not <${kind}>`];
  const sitemapXsd = { fileName: 'sitemap.xsd', contents: SITEMAP_XSD };
  const result = await validateXML({
    xml: { fileName: `${kind}.xml`, contents: xml },
    schema: kind === 'urlset' ? sitemapXsd : { fileName: 'siteindex.xsd', contents: SITEINDEX_XSD },
    preload: kind === 'urlset' ? [] : [sitemapXsd],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}
