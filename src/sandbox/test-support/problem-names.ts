import { z } from 'zod';

const namedProblem = z.object({ 'invalid-parameters': z.array(z.object({ name: z.string() })) });

/** The field names a 400 problem document lists under `invalid-parameters`. */
export async function invalidParameterNames(res: Response): Promise<string[]> {
  const problem = namedProblem.parse(await res.json());
  return problem['invalid-parameters'].map((p) => p.name);
}
