import { updateFields } from '../../../api/update-fields';

/** One answer of this step (working time range, military duty), saved through POST {flow}/about_yourself/update_field. */
export function updateField(field: 'working_time_range' | 'military_active', value: string | boolean): Promise<unknown> {
  return updateFields({ [field]: value });
}
