export interface Spec {
  size: string
  name: = ;
}
export interface Other { a: string }
