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
  const expressions = arr(s.matchExpressions).map(obj);
  if (expressions.some((e) => e.operator !== 'In')) throw new Error('only In is read here');
  return (
    Object.entries(obj(s.matchLabels)).every(([k, v]) => labels[k] === v) &&
    expressions.every((e) => arr(e.values).includes(labels[String(e.key)]))
  );
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

/** The NetworkPolicies of `type` that select `workload`'s pods. */
const policiesOf = (objects: K8sObject[], workload: K8sObject, type: 'Ingress' | 'Egress') =>
  objects
    .filter((o) => o.kind === 'NetworkPolicy')
    .filter((p) => arr(obj(p.spec).policyTypes).includes(type))
    .filter((p) => matches(obj(p.spec).podSelector, podTemplate(workload).labels));

/**
 * Peers admitted to `port` of `workload`'s pods: undefined when no policy selects the pods (all
 * traffic admitted), else the union of the matching rules of every policy that selects them.
 */
export function admitted(objects: K8sObject[], workload: K8sObject, port: number) {
  const container = containers(workload)[0];
  const pods = workloads(objects);
  const policies = policiesOf(objects, workload, 'Ingress');
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

/** The annotation naming what an egress policy's ipBlock is for (`postgres`, `stripe`). */
const EGRESS_TO = 'ballmatch.example/egress-to';

/** An address range a pod may reach: its CIDR, the ranges cut out of it, and the port. */
export interface AllowedRange {
  /** What the policy says the range is for (its egress-to annotation), else the CIDR. */
  to: string;
  cidr: string;
  except: string[];
  port: string;
}

/**
 * Where `workload`'s pods may connect, as `<peer>:<port>`: a pod of this namespace by its app
 * name, `dns` (kube-dns in kube-system), the store or API an ipBlock is annotated for, `*` for a
 * rule that allows any peer or port. Undefined when no egress policy selects the pods.
 */
export function egressAllowed(objects: K8sObject[], workload: K8sObject) {
  const pods = workloads(objects);
  const policies = policiesOf(objects, workload, 'Egress');
  if (policies.length === 0) return undefined;
  const allowed = new Set<string>();
  const ranges: AllowedRange[] = [];
  for (const policy of policies) {
    const annotated = obj(policy.metadata.annotations)[EGRESS_TO];
    for (const rule of arr(obj(policy.spec).egress).map(obj)) {
      const ports = rule.ports ? arr(rule.ports).map((p) => obj(p).port) : ['*'];
      const peers: { name: string; pod?: K8sObject }[] = [];
      if (!rule.to) peers.push({ name: '*' });
      for (const to of arr(rule.to).map(obj)) {
        if (to.ipBlock) {
          const block = obj(to.ipBlock);
          const cidr = String(block.cidr);
          const range = {
            to: annotated ? String(annotated) : `ip:${cidr}`,
            cidr,
            except: arr(block.except).map(String),
          };
          for (const port of ports) ranges.push({ ...range, port: String(port) });
          peers.push({ name: range.to });
        } else if (to.namespaceSelector) {
          const ns = obj(obj(to.namespaceSelector).matchLabels)[NAMESPACE];
          const dns =
            ns === 'kube-system' && obj(obj(to.podSelector).matchLabels)['k8s-app'] === 'kube-dns';
          peers.push({ name: dns ? 'dns' : `ns:${String(ns ?? '*')}` });
        } else {
          for (const pod of pods.filter((w) => matches(to.podSelector, podTemplate(w).labels))) {
            peers.push({ name: appName(pod), pod });
          }
        }
      }
      for (const peer of peers) {
        for (const port of ports) {
          // A named port is the destination pod's.
          const number =
            typeof port === 'string' && port !== '*' && peer.pod
              ? resolvePort(containers(peer.pod)[0], port)
              : port;
          allowed.add(`${peer.name}:${String(number)}`);
        }
      }
    }
  }
  return { allowed: [...allowed].sort(), ranges };
}

const ipv4 = (address: string) =>
  address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);

/** Whether `address` (IPv4) lies in `cidr`. */
export function inCidr(address: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(address) / size) === Math.floor(ipv4(base) / size);
}

/** Whether a pod allowed `range` may reach `address`. */
export const rangeReaches = (range: AllowedRange, address: string) =>
  inCidr(address, range.cidr) && !range.except.some((cidr) => inCidr(address, cidr));
