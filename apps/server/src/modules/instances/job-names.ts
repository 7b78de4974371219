/** The durable jobs of a machine's life (docs/domain.md): one name each, shared by who queues and who runs. */
export const PROVISION_JOB = 'instance.provision';
export const DESTROY_JOB = 'instance.destroy';
