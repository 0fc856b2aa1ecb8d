import type { AppContext } from '../../../context';

/** GET /banners: the sidebar carousel; each image is served by GET /banners/{slug}.svg. */
export async function listBanners(ctx: AppContext): Promise<{ url: string; is_mobile: boolean; title: string }[]> {
  return (await ctx.repos.engagement.listActiveBanners()).map((b) => ({ url: `/api/banners/${b.slug}.svg`, is_mobile: b.isMobile, title: b.title }));
}
