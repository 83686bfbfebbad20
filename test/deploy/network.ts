// Who may open a connection to which pod port, as the rendered NetworkPolicies say, and who
// should, as the processes' configuration says (their addresses and URLs).
import { arr, obj } from './repo';
import { labelsOf, type K8sObject } from './render';
import { containers, podTemplate, resolvePort, type Container } from './pods';

const NAME = 'app.kubernetes.io/name';
const NAMESPACE = 'kubernetes.io/metadata.name';

/** A peer: `<app name>` for a pod of this namespace, `ns:<namespace>` for a whole namespace. */
export type Peer = string;

const matches = (selector: unknown, labels: Record<string, unknown>) => {
  const s = obj(selector);
  if (arr(s.matchExpressions).length) throw new Error('matchExpressions are not read here');
  return Object.entries(obj(s.matchLabels)).every(([k, v]) => labels[k] === v);
};

function peersOf(rule: Record<string, unknown>, pods: K8sObject[]): Peer[] {
  return arr(rule.from).flatMap((entry) => {
    const from = obj(entry);
    if (from.namespaceSelector) {
      if (from.podSelector) throw new Error('namespace + pod selectors are not read here');
      const name = obj(obj(from.namespaceSelector).matchLabels)[NAMESPACE];
      return [`ns:${String(name ?? '*')}`];
    }
    if (from.ipBlock) return [`ip:${String(obj(from.ipBlock).cidr)}`];
    return pods
      .filter((pod) => matches(from.podSelector, podTemplate(pod).labels))
      .map((pod) => String(podTemplate(pod).labels[NAME]));
  });
}

const portMatches = (container: Container, rulePorts: unknown[], port: number) =>
  rulePorts.length === 0 || rulePorts.some((p) => resolvePort(container, obj(p).port) === port);

/** Every workload (Deployment, StatefulSet) with its pod labels and first container. */
export const workloads = (objects: K8sObject[]) =>
  objects.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet');

/**
 * Peers admitted to `port` of `workload`'s pods: undefined when no policy selects the pods (all
 * traffic admitted), else the union of the matching rules of every policy that selects them.
 */
export function admitted(objects: K8sObject[], workload: K8sObject, port: number) {
  const { labels } = podTemplate(workload);
  const container = containers(workload)[0];
  const pods = workloads(objects);
  const policies = objects
    .filter((o) => o.kind === 'NetworkPolicy')
    .filter((p) => arr(obj(p.spec).policyTypes).includes('Ingress'))
    .filter((p) => matches(obj(p.spec).podSelector, labels));
  if (policies.length === 0) return undefined;
  const peers = new Set<Peer>();
  for (const policy of policies) {
    for (const rule of arr(obj(policy.spec).ingress).map(obj)) {
      if (!portMatches(container, arr(rule.ports), port)) continue;
      if (!rule.from) peers.add('*');
      for (const peer of peersOf(rule, pods)) peers.add(peer);
    }
  }
  return [...peers].sort();
}

export const appName = (workload: K8sObject) =>
  String(podTemplate(workload).labels[NAME] ?? labelsOf(workload)[NAME]);
