import { SERVER_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';

/** GET /banners/{slug}.svg: the banner's SVG. Public, because an <img> cannot send the token. */
export async function getBannerImage(ctx: AppContext, file: string): Promise<string> {
  const slug = file.endsWith('.svg') ? file.slice(0, -4) : null;
  const banner = slug ? await ctx.repos.engagement.findBanner(slug) : undefined;
  if (!banner) throw AppError.notFound(SERVER_MSG.bannerNotFound);
  return banner.svg;
}
