// A react-hook-form form checked by a shared zod schema: it holds the schema's input while it is edited and hands the
// schema's output to its submit, so no form restates either type or wires the resolver itself.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

export function useSchemaForm<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
  props: Omit<UseFormProps<NoInfer<In>, unknown, NoInfer<Out>>, 'resolver'> = {},
) {
  return useForm<In, unknown, Out>({ resolver: zodResolver(schema), ...props });
}
