import type { TEducationProgramResponse } from '@payrail/contract/application';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';

/** GET /education_program: the agreement modal shows on the About-yourself step until it is signed with initials. */
export async function getEducationProgram(ctx: AppContext, member: MemberRow): Promise<TEducationProgramResponse> {
  if (member.workflowStatus !== 'about_yourself') return { show_modal: false };
  const profile = await ctx.repos.application.findProfile(member.id);
  return { show_modal: profile?.educationAgreedAt == null };
}
